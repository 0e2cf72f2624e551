package io.dugout.loadtest.scenario;

import io.dugout.loadtest.cli.UsageException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.imageio.ImageIO;

/**
 * The one file {@code upload} sends, made once at start: a real JPEG or PNG of random noise (so
 * neither the encoder nor anything on the way compresses it away), or a real zip of random bytes.
 * Its size comes within a few percent of the one asked for; the report states the exact size.
 *
 * @param name the file name the slot declares
 * @param type the media type the slot declares, which the server's detection agrees with
 */
record SampleFile(String name, String type, byte[] bytes) {

  /** Fixed, so every run sends the same bytes. */
  private static final long SEED = 60;

  /** Rounds of resizing an image towards the size asked for. */
  private static final int FITTING_ROUNDS = 6;

  static SampleFile of(String kind, long size) {
    return switch (kind) {
      case "jpeg", "image" -> image("jpg", "image/jpeg", size);
      case "png" -> image("png", "image/png", size);
      case "file", "zip" -> zip(size);
      default ->
          throw new UsageException(
              "--file-kind is image (a JPEG), png or file (a zip), got '" + kind + "'");
    };
  }

  /**
   * A size such as {@code 200KB}, {@code 1.5MB} or {@code 4096} (bytes); K and M are 1024-based.
   */
  static long parseSize(String raw) {
    String text = raw.trim().toUpperCase(Locale.ROOT);
    long unit = 1;
    if (text.endsWith("KB") || text.endsWith("K")) {
      unit = 1024;
    } else if (text.endsWith("MB") || text.endsWith("M")) {
      unit = 1024 * 1024;
    }
    String number = text.replaceAll("[KMB]+$", "");
    try {
      double value = Double.parseDouble(number);
      if (value <= 0 || value * unit > Integer.MAX_VALUE - 1024) {
        throw new UsageException("--size must be between 1 byte and 2 GB, got '" + raw + "'");
      }
      return Math.round(value * unit);
    } catch (NumberFormatException ex) {
      throw new UsageException("--size expects a size like 200KB, 2MB or 4096, got '" + raw + "'");
    }
  }

  /**
   * A 4:3 image of random pixels whose encoded size is close to {@code size}: the encoded size per
   * pixel is measured, and the picture resized, a few times.
   */
  private static SampleFile image(String format, String type, long size) {
    double bytesPerPixel = "png".equals(format) ? 3 : 2;
    byte[] best = null;
    for (int round = 0; round < FITTING_ROUNDS; round++) {
      long pixels = Math.max(16, Math.round(size / bytesPerPixel));
      int width = Math.max(4, (int) Math.round(Math.sqrt(pixels * 4.0 / 3)));
      int height = Math.max(3, (int) (pixels / width));
      byte[] encoded = encode(noise(width, height), format);
      if (best == null || Math.abs(encoded.length - size) < Math.abs(best.length - size)) {
        best = encoded;
      }
      if (Math.abs(encoded.length - size) <= size / 50) {
        break;
      }
      bytesPerPixel = (double) encoded.length / ((long) width * height);
    }
    return new SampleFile("load-test." + format, type, best);
  }

  private static BufferedImage noise(int width, int height) {
    SplittableRandom random = new SplittableRandom(SEED);
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        image.setRGB(x, y, random.nextInt(1 << 24));
      }
    }
    return image;
  }

  private static byte[] encode(BufferedImage image, String format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, "jpg".equals(format) ? "jpeg" : format, out)) {
        throw new IllegalStateException("this JDK has no " + format + " writer");
      }
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
    return out.toByteArray();
  }

  /** A zip with one entry of random bytes, about {@code size} bytes in all. */
  private static SampleFile zip(long size) {
    // why: a zip's own headers of one entry take about this much
    int overhead = 150;
    byte[] content = new byte[(int) Math.max(1, size - overhead)];
    new SplittableRandom(SEED).nextBytes(content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry("load-test.bin"));
      zip.write(content);
      zip.closeEntry();
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
    return new SampleFile("load-test.zip", "application/zip", out.toByteArray());
  }

  /** Whether the server makes a thumbnail of it. */
  boolean image() {
    return type.startsWith("image/");
  }
}
