package io.dugout.file;

import io.dugout.system.DugoutException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;

/**
 * How the bytes of a file the caller may download reach them: a redirect to a short-lived URL the
 * store pre-signed ({@link FileStore.Presigning}), or streamed through this node.
 *
 * <p>Both ways give the same safety: the file's detected type, {@code inline} only for a safe
 * raster image ({@link FileTypes#inline}) and {@code attachment} with its encoded name otherwise,
 * and no shared caching. Streamed, the bytes come from Dugout's own origin, so they also get {@code
 * X-Content-Type-Options: nosniff} and a sandboxing {@code Content-Security-Policy}; redirected,
 * they come from the store's origin, which holds no Dugout session, and a store cannot be made to
 * add those headers. The redirect itself is never cached: it is a bearer link for one caller.
 */
final class FileDownloads {

  /** What the file's bytes are answered with, by Dugout or by the store. */
  static final String CACHE_CONTROL = "private, max-age=0, must-revalidate";

  private final FileStore files;
  private final FileStore.Presigning presigning;
  private final Duration expiry;

  /**
   * @param presigning the store's presigning, or null to stream every download
   * @param expiry how long a pre-signed URL stays usable
   */
  FileDownloads(FileStore files, FileStore.Presigning presigning, Duration expiry) {
    this.files = files;
    this.presigning = presigning;
    this.expiry = expiry;
  }

  /**
   * Redirects to the store when it presigns and {@code dugout.files.s3.redirect-downloads} is on,
   * else streams.
   */
  static FileDownloads of(FileStore files, FileProperties properties) {
    boolean redirect = files instanceof FileStore.Presigning && properties.s3().redirectDownloads();
    return new FileDownloads(
        files, redirect ? (FileStore.Presigning) files : null, properties.downloadUrlExpiry());
  }

  /** Whether downloads are redirects to the store. */
  boolean redirects() {
    return presigning != null;
  }

  /**
   * Sends the object under {@code key}, which the caller may download now.
   *
   * @param length its size in bytes, or -1 when not known beforehand
   * @param name the file's name, for {@code Content-Disposition}
   */
  void send(
      String key,
      long length,
      String type,
      String name,
      String roomId,
      HttpServletResponse response)
      throws IOException {
    var servedAs = new FileStore.ServedAs(type, disposition(type, name), CACHE_CONTROL);
    if (presigning != null) {
      response.setStatus(HttpServletResponse.SC_FOUND);
      response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
      response.setHeader(
          HttpHeaders.LOCATION, presigning.presignGet(key, expiry, servedAs).toString());
      return;
    }
    stream(key, length, type, name, roomId, response);
  }

  /** Streams the object under {@code key} through this node, whatever the store could do. */
  void stream(
      String key,
      long length,
      String type,
      String name,
      String roomId,
      HttpServletResponse response)
      throws IOException {
    var servedAs = new FileStore.ServedAs(type, disposition(type, name), CACHE_CONTROL);
    try (InputStream bytes = files.get(key)) {
      if (bytes == null) {
        throw DugoutException.notFound("no such file in room " + roomId);
      }
      response.setContentType(servedAs.contentType());
      if (length >= 0) {
        response.setContentLengthLong(length);
      }
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader(HttpHeaders.CACHE_CONTROL, servedAs.cacheControl());
      response.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      response.setHeader(HttpHeaders.CONTENT_DISPOSITION, servedAs.contentDisposition());
      bytes.transferTo(response.getOutputStream());
    }
  }

  private static String disposition(String type, String name) {
    var disposition =
        FileTypes.inline(type) ? ContentDisposition.inline() : ContentDisposition.attachment();
    return disposition.filename(name, StandardCharsets.UTF_8).build().toString();
  }
}
