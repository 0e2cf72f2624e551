package io.dugout.store.localfs;

import io.dugout.file.FileStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Objects as files under one directory, a key's segments its sub-directories. A put writes a
 * temporary file in the same file system, forces it to the disk and renames it into place, which
 * POSIX makes atomic; then it forces the directory, so the rename itself survives a power loss.
 * Single node: another node cannot read these files.
 */
public final class LocalFileStore implements FileStore {

  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final String TEMP = ".incoming";
  private static final int BUFFER = 64 * 1024;

  private final Path root;
  private final Path temp;

  public LocalFileStore(Path root) {
    this.root = root.toAbsolutePath().normalize();
    this.temp = this.root.resolve(TEMP);
    try {
      Files.createDirectories(temp);
      // why: a temporary file left by a crash mid-put is no object, and is never renamed now
      try (Stream<Path> left = Files.list(temp)) {
        for (Path file : left.toList()) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot use " + temp + " for files: " + e.getMessage(), e);
    }
  }

  @Override
  public long put(String key, InputStream content, long maxBytes) throws IOException {
    Path target = path(key);
    Path part = temp.resolve(UUID.randomUUID() + ".part");
    try {
      long size = write(part, content, maxBytes);
      Files.createDirectories(target.getParent());
      move(part, target);
      force(target.getParent());
      return size;
    } finally {
      Files.deleteIfExists(part);
    }
  }

  private static long write(Path part, InputStream content, long maxBytes) throws IOException {
    try (var channel =
        FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      byte[] buffer = new byte[BUFFER];
      long size = 0;
      int read;
      while ((read = content.read(buffer)) >= 0) {
        size += read;
        if (size > maxBytes) {
          throw new TooLarge(maxBytes);
        }
        var bytes = ByteBuffer.wrap(buffer, 0, read);
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
      }
      channel.force(true);
      return size;
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("the file system of " + to + " cannot rename atomically", e);
    }
  }

  /** Forces a directory's entries to the disk, where the platform allows opening one. */
  private static void force(Path directory) {
    try (var channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // why: some platforms cannot open a directory; the rename is then as durable as they make it
    }
  }

  @Override
  public InputStream get(String key) throws IOException {
    try {
      return Files.newInputStream(path(key));
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  @Override
  public void delete(String key) throws IOException {
    Files.deleteIfExists(path(key));
  }

  @Override
  public List<StoredObject> list(String prefix, Instant before, int limit) throws IOException {
    var found = new ArrayList<StoredObject>();
    try (Stream<Path> files = Files.walk(root)) {
      var it = files.filter(Files::isRegularFile).iterator();
      while (it.hasNext() && found.size() < limit) {
        Path file = it.next();
        String key =
            root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
        if (key.startsWith(TEMP + "/") || !key.startsWith(prefix)) {
          continue;
        }
        var attributes =
            Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        Instant storedAt = attributes.lastModifiedTime().toInstant();
        if (storedAt.isBefore(before)) {
          found.add(new StoredObject(key, attributes.size(), storedAt));
        }
      }
    } catch (java.io.UncheckedIOException e) {
      // why: a directory emptied while the walk passed it is simply not listed
      if (!(e.getCause() instanceof NoSuchFileException)) {
        throw e.getCause();
      }
    }
    return found;
  }

  private Path path(String key) {
    if (key == null || key.isEmpty()) {
      throw new IllegalArgumentException("a key is required");
    }
    for (String segment : key.split("/", -1)) {
      if (!SEGMENT.matcher(segment).matches() || segment.equals(".") || segment.equals("..")) {
        throw new IllegalArgumentException("not a file key: " + key);
      }
    }
    if (key.equals(TEMP) || key.startsWith(TEMP + "/")) {
      throw new IllegalArgumentException("not a file key: " + key);
    }
    return root.resolve(key);
  }
}
