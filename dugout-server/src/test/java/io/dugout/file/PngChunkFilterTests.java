package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * PNGs written by {@code javax.imageio}, with metadata chunks put in by hand as a phone or an
 * editor writes them, each with its right CRC.
 */
class PngChunkFilterTests {

  private static final byte[] EXIF_WITH_GPS =
      "MM\0*\0\0\0\bGPSLatitude 52.5163".getBytes(StandardCharsets.ISO_8859_1);

  @Test
  void dropsExifTextAndTimeChunksAndKeepsThePixelsAndWhatRendersThem() throws Exception {
    BufferedImage image = picture();
    byte[] plain = encode(image);
    byte[] located =
        withChunksAfterHeader(
            plain,
            chunk("eXIf", EXIF_WITH_GPS),
            chunk("gAMA", new byte[] {0, 0, (byte) 0xb1, (byte) 0x8f}),
            chunk("tEXt", "Comment\0taken at home".getBytes(StandardCharsets.ISO_8859_1)),
            chunk("zTXt", "Raw profile type exif\0\0x".getBytes(StandardCharsets.ISO_8859_1)),
            chunk(
                "iTXt", "XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>".getBytes(StandardCharsets.UTF_8)),
            chunk("tIME", new byte[] {0x07, (byte) 0xea, 12, 1, 10, 0, 0}),
            chunk("pHYs", new byte[] {0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1}),
            chunk("prVt", "a private chunk".getBytes(StandardCharsets.ISO_8859_1)));
    assertThat(ImageIO.read(new ByteArrayInputStream(located))).isNotNull();

    byte[] clean = strip(located);

    assertThat(chunkTypes(clean)).containsExactly("IHDR", "gAMA", "pHYs", "IDAT", "IEND");
    assertThat(crcsAreRight(clean)).isTrue();
    assertThat(new String(clean, StandardCharsets.ISO_8859_1))
        .doesNotContain("GPSLatitude")
        .doesNotContain("taken at home");
    assertThat(pixels(ImageIO.read(new ByteArrayInputStream(clean)))).isEqualTo(pixels(image));
  }

  @Test
  void leavesAPngWithoutMetadataByteForByteAndDropsWhatFollowsIend() throws Exception {
    byte[] plain = encode(picture());
    byte[] trailed = Arrays.copyOf(plain, plain.length + 5);

    assertThat(strip(plain)).isEqualTo(plain);
    assertThat(strip(trailed)).isEqualTo(plain);
  }

  @Test
  void keepsTheChunksOfAnAnimation() throws Exception {
    byte[] plain = encode(picture());
    byte[] animated =
        withChunksAfterHeader(
            plain,
            chunk("acTL", new byte[] {0, 0, 0, 2, 0, 0, 0, 0}),
            chunk("fcTL", new byte[26]),
            chunk("tEXt", "Software\0x".getBytes(StandardCharsets.ISO_8859_1)));

    assertThat(chunkTypes(strip(animated))).containsExactly("IHDR", "acTL", "fcTL", "IDAT", "IEND");
  }

  @Test
  void refusesWhatIsNoWholePng() throws Exception {
    byte[] plain = encode(picture());

    assertThatThrownBy(() -> strip("GIF89a....".getBytes(StandardCharsets.ISO_8859_1)))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> strip(Arrays.copyOf(plain, plain.length - 6)))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> strip(Arrays.copyOf(plain, 40))).isInstanceOf(IOException.class);
  }

  private static byte[] strip(byte[] png) throws IOException {
    var out = new ByteArrayOutputStream();
    PngChunkFilter.strip(new ByteArrayInputStream(png), out);
    return out.toByteArray();
  }

  private static BufferedImage picture() {
    var image = new BufferedImage(7, 5, BufferedImage.TYPE_INT_ARGB);
    for (int y = 0; y < 5; y++) {
      for (int x = 0; x < 7; x++) {
        image.setRGB(x, y, (x * 37 + y * 91) << 8 | 0x80000000 | x * 30);
      }
    }
    return image;
  }

  private static byte[] encode(BufferedImage image) throws IOException {
    var out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  private static int[] pixels(BufferedImage image) {
    return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
  }

  /** A chunk: length, type, data and the CRC of type and data. */
  static byte[] chunk(String type, byte[] data) {
    var crc = new CRC32();
    byte[] name = type.getBytes(StandardCharsets.ISO_8859_1);
    crc.update(name);
    crc.update(data);
    return ByteBuffer.allocate(12 + data.length)
        .putInt(data.length)
        .put(name)
        .put(data)
        .putInt((int) crc.getValue())
        .array();
  }

  /** The PNG with {@code chunks} right after its IHDR (8 + 25 bytes into the file). */
  static byte[] withChunksAfterHeader(byte[] png, byte[]... chunks) {
    var out = new ByteArrayOutputStream();
    out.write(png, 0, 33);
    for (byte[] chunk : chunks) {
      out.writeBytes(chunk);
    }
    out.write(png, 33, png.length - 33);
    return out.toByteArray();
  }

  static List<String> chunkTypes(byte[] png) {
    var types = new ArrayList<String>();
    var buffer = ByteBuffer.wrap(png, 8, png.length - 8);
    while (buffer.remaining() >= 12) {
      int length = buffer.getInt();
      types.add(new String(png, buffer.position(), 4, StandardCharsets.ISO_8859_1));
      buffer.position(buffer.position() + 4 + length + 4);
    }
    return types;
  }

  static boolean crcsAreRight(byte[] png) {
    var buffer = ByteBuffer.wrap(png, 8, png.length - 8);
    while (buffer.remaining() >= 12) {
      int length = buffer.getInt();
      var crc = new CRC32();
      crc.update(png, buffer.position(), 4 + length);
      buffer.position(buffer.position() + 4 + length);
      if ((int) crc.getValue() != buffer.getInt()) {
        return false;
      }
    }
    return true;
  }
}
