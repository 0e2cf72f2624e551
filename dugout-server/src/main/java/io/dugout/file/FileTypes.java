package io.dugout.file;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Set;
import javax.imageio.ImageIO;
import org.apache.tika.Tika;

/**
 * What a file really is, read from its bytes with Apache Tika's detector, and what may be done with
 * it. The file name only refines a type the bytes already show (Tika's rule: {@code .docx} makes a
 * zip of Office XML a Word document), never overrides it: HTML named {@code photo.png} is HTML.
 */
final class FileTypes {

  /** Raster images a browser shows and never runs: the only files served inline. */
  private static final Set<String> INLINE =
      Set.of("image/png", "image/jpeg", "image/gif", "image/webp");

  private final Tika tika = new Tika();
  private final Set<String> allowed;

  FileTypes(Set<String> allowed) {
    this.allowed = allowed;
  }

  /** The media type of the bytes, without parameters, lower case. */
  String detect(InputStream bytes, String name) throws IOException {
    String type = tika.detect(bytes, name);
    int parameters = type.indexOf(';');
    return (parameters < 0 ? type : type.substring(0, parameters)).strip().toLowerCase(Locale.ROOT);
  }

  boolean allowed(String type) {
    return allowed.contains(type.toLowerCase(Locale.ROOT));
  }

  static boolean isImage(String type) {
    return type.startsWith("image/");
  }

  /** Whether Dugout may serve the type inline from its own origin. */
  static boolean inline(String type) {
    return INLINE.contains(type);
  }

  /**
   * An image's width and height, read from its header by {@code javax.imageio}; null when it has no
   * reader for the format (WebP, HEIC) or the header cannot be read.
   */
  static int[] size(InputStream image) {
    try (var input = ImageIO.createImageInputStream(image)) {
      if (input == null) {
        return null;
      }
      var readers = ImageIO.getImageReaders(input);
      if (!readers.hasNext()) {
        return null;
      }
      var reader = readers.next();
      try {
        reader.setInput(input, true, true);
        return new int[] {reader.getWidth(0), reader.getHeight(0)};
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
