package io.dugout.file;

import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import org.apache.commons.imaging.Imaging;
import org.apache.commons.imaging.ImagingException;
import org.apache.commons.imaging.formats.jpeg.JpegImageMetadata;
import org.apache.commons.imaging.formats.jpeg.exif.ExifRewriter;
import org.apache.commons.imaging.formats.jpeg.xmp.JpegXmpRewriter;
import org.apache.commons.imaging.formats.png.PngImageMetadata;
import org.apache.commons.imaging.formats.tiff.TiffImageMetadata;
import org.apache.commons.imaging.formats.tiff.write.TiffOutputField;
import org.apache.commons.imaging.formats.webp.WebPImageMetadata;

/**
 * What Dugout does to a photo before anyone else sees it: takes out where it was taken, and makes
 * its thumbnail once.
 *
 * <p>Location, never by decoding and re-encoding the picture: a JPEG's EXIF is rewritten without
 * the fields of its GPS directory (Apache Commons Imaging's lossless rewrite; the other EXIF
 * fields, orientation among them, stay), and its XMP packet, which may repeat the location, is
 * removed. A PNG or WebP loses every metadata chunk ({@link PngChunkFilter}, {@link
 * WebPChunkFilter}). Any other image (GIF, whose only place for a location is an XMP application
 * extension) is kept as it is when it holds no location, and refused when it does.
 *
 * <p>Thumbnails: at most {@link #THUMBNAIL} pixels on the long side, decoded with {@code
 * javax.imageio} at a coarse subsampling first, so a large photo costs a few megabytes of heap, not
 * its full size decoded. JPEG unless the image has transparency (PNG then).
 */
final class Images {

  /** The long side of a thumbnail, in pixels. */
  static final int THUMBNAIL = 320;

  /**
   * The most pixels an image may have to get a thumbnail: a small file can declare a huge image,
   * and decoding it, even subsampled, inflates every row.
   */
  static final long MAX_PIXELS = 100_000_000;

  private Images() {}

  /**
   * The image of {@code type} without where it was taken; the same array when there was nothing to
   * take out.
   *
   * @throws IOException when it cannot be read as its type, so whether it holds a location is
   *     unknown, or it holds one that cannot be taken out of its format: it must not be kept. The
   *     message says which, for the uploader.
   */
  static byte[] withoutLocation(String type, byte[] image) throws IOException {
    byte[] clean;
    try {
      clean =
          switch (type) {
            case "image/jpeg" -> withoutLocation(image);
            case "image/png" -> {
              var out = new ByteArrayOutputStream(image.length);
              PngChunkFilter.strip(new ByteArrayInputStream(image), out);
              yield out.toByteArray();
            }
            case "image/webp" -> {
              var out = new ByteArrayOutputStream(image.length);
              WebPChunkFilter.strip(image, out);
              yield out.toByteArray();
            }
            case "image/svg+xml" -> image;
            default -> {
              if (holdsLocation(image)) {
                throw new LocationKept();
              }
              yield image;
            }
          };
    } catch (LocationKept e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(
          "the image could not be read, so where it was taken could not be taken out", e);
    }
    return Arrays.equals(clean, image) ? image : clean;
  }

  /** Thrown for an image that holds a location its format's filter cannot take out. */
  static final class LocationKept extends IOException {
    LocationKept() {
      super(
          "the image holds where it was taken, which Dugout takes out of JPEG, PNG and WebP"
              + " images only: send it as one of those");
    }
  }

  /**
   * The JPEG without its location: the fields of its EXIF GPS directory and its XMP packet.
   *
   * @throws IOException when the file cannot be read as a JPEG: whether it holds a location is then
   *     unknown, so it must not be kept
   */
  static byte[] withoutLocation(byte[] jpeg) throws IOException {
    try {
      byte[] out = withoutGps(jpeg);
      // why: an XMP packet can repeat the location as text (exif:GPSLatitude)
      var bytes = new ByteArrayOutputStream(out.length);
      new JpegXmpRewriter().removeXmpXml(out, bytes);
      return bytes.toByteArray();
    } catch (ImagingException | RuntimeException e) {
      throw new IOException("the photo's metadata could not be read", e);
    }
  }

  private static byte[] withoutGps(byte[] jpeg) throws IOException {
    var metadata = Imaging.getMetadata(jpeg);
    if (!(metadata instanceof JpegImageMetadata image) || image.getExif() == null) {
      return jpeg;
    }
    var fields = image.getExif().getOutputSet();
    var gps = fields.getGpsDirectory();
    if (gps == null || gps.getFields().isEmpty()) {
      return jpeg;
    }
    for (TiffOutputField field : new ArrayList<>(gps.getFields())) {
      gps.removeField(field.tag);
    }
    var out = new ByteArrayOutputStream(jpeg.length);
    new ExifRewriter().updateExifMetadataLossless(jpeg, out, fields);
    return out.toByteArray();
  }

  /**
   * Whether an image (GIF, PNG, WebP) holds where it was taken: GPS fields in its EXIF, or GPS
   * properties in its XMP packet.
   *
   * @throws IOException when its metadata cannot be read, so whether it does is unknown
   */
  static boolean holdsLocation(byte[] image) throws IOException {
    try {
      TiffImageMetadata exif =
          switch (Imaging.getMetadata(image)) {
            case PngImageMetadata png -> png.getExif();
            case WebPImageMetadata webp -> webp.getExif();
            case null, default -> null;
          };
      if (exif != null && exif.getGpsInfo() != null) {
        return true;
      }
      String xmp = Imaging.getXmpXml(image);
      return xmp != null && (xmp.contains("GPSLatitude") || xmp.contains("GPSLongitude"));
    } catch (ImagingException | RuntimeException e) {
      throw new IOException("the image's metadata could not be read", e);
    }
  }

  /** A thumbnail's bytes and media type. */
  record Thumbnail(byte[] bytes, String type) {}

  /**
   * The image's thumbnail; null when {@code javax.imageio} cannot decode it or it has more than
   * {@link #MAX_PIXELS}.
   */
  static Thumbnail thumbnail(byte[] image) throws IOException {
    try (var input = ImageIO.createImageInputStream(new ByteArrayInputStream(image))) {
      var readers = input == null ? null : ImageIO.getImageReaders(input);
      if (readers == null || !readers.hasNext()) {
        return null;
      }
      var reader = readers.next();
      try {
        reader.setInput(input, true, true);
        int width = reader.getWidth(0);
        int height = reader.getHeight(0);
        if ((long) width * height > MAX_PIXELS) {
          return null;
        }
        int longSide = Math.max(width, height);
        ImageReadParam param = reader.getDefaultReadParam();
        int step = Math.max(1, longSide / (2 * THUMBNAIL));
        param.setSourceSubsampling(step, step, 0, 0);
        return encode(scaled(reader.read(0, param)));
      } finally {
        reader.dispose();
      }
    }
  }

  private static BufferedImage scaled(BufferedImage source) {
    int width = source.getWidth();
    int height = source.getHeight();
    double scale = Math.min(1.0, (double) THUMBNAIL / Math.max(width, height));
    int w = Math.max(1, (int) Math.round(width * scale));
    int h = Math.max(1, (int) Math.round(height * scale));
    boolean alpha = source.getColorModel().hasAlpha();
    var out =
        new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    var g = out.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.drawImage(source, 0, 0, w, h, null);
    } finally {
      g.dispose();
    }
    return out;
  }

  private static Thumbnail encode(BufferedImage image) throws IOException {
    boolean alpha = image.getColorModel().hasAlpha();
    var bytes = new ByteArrayOutputStream();
    if (!ImageIO.write(image, alpha ? "png" : "jpeg", bytes)) {
      return null;
    }
    return new Thumbnail(bytes.toByteArray(), alpha ? "image/png" : "image/jpeg");
  }
}
