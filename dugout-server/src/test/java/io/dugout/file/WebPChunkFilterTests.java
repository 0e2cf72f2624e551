package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.apache.commons.imaging.Imaging;
import org.apache.commons.imaging.formats.tiff.write.TiffImageWriterLossy;
import org.apache.commons.imaging.formats.tiff.write.TiffOutputSet;
import org.apache.commons.imaging.formats.webp.WebPImageMetadata;
import org.junit.jupiter.api.Test;

/**
 * WebPs built by hand as RIFF chunk lists ({@code javax.imageio} cannot write WebP): a 1×1 lossless
 * picture in {@code VP8L}, extended by {@code VP8X} with EXIF holding a GPS position and an XMP
 * packet, as a phone writes them.
 */
class WebPChunkFilterTests {

  /** The VP8L chunk of a well-known 1×1 lossless WebP. */
  private static final byte[] VP8L =
      Arrays.copyOfRange(
          Base64.getDecoder().decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="), 12, 34);

  private static final int ALPHA = 0x10;
  private static final int EXIF = 0x08;
  private static final int XMP = 0x04;

  @Test
  void dropsExifAndXmpClearsTheirFlagsAndFixesTheRiffSize() throws Exception {
    byte[] located =
        riff(
            vp8x(ALPHA | EXIF | XMP),
            VP8L,
            chunk("EXIF", exifAt(52.5163, 13.3777)),
            chunk(
                "XMP ",
                "<x:xmpmeta exif:GPSLatitude=\"52,30N\"/>".getBytes(StandardCharsets.UTF_8)));
    assertThat(((WebPImageMetadata) Imaging.getMetadata(located)).getExif().getGpsInfo())
        .as("the WebP as the phone wrote it")
        .isNotNull();

    byte[] clean = strip(located);

    assertThat(clean).isEqualTo(riff(vp8x(ALPHA), VP8L));
    var metadata = (WebPImageMetadata) Imaging.getMetadata(clean);
    assertThat(metadata == null || metadata.getExif() == null).isTrue();
    assertThat(Imaging.getXmpXml(clean)).isNull();
  }

  @Test
  void dropsUnknownChunksAndWhatFollowsTheRiffAndKeepsASimpleWebPAsItIs() throws Exception {
    byte[] simple = riff(VP8L);
    byte[] trailed = Arrays.copyOf(simple, simple.length + 3);

    assertThat(strip(simple)).isEqualTo(simple);
    assertThat(strip(trailed)).isEqualTo(simple);
    assertThat(strip(riff(vp8x(0), VP8L, chunk("XYZW", new byte[] {1, 2, 3}))))
        .isEqualTo(riff(vp8x(0), VP8L));
  }

  @Test
  void refusesWhatIsNoWholeWebP() {
    byte[] webp = riff(vp8x(EXIF), VP8L, chunk("EXIF", new byte[10]));
    ByteBuffer.wrap(webp, 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(webp.length);

    assertThatThrownBy(() -> strip("RIFF\0\0\0\0WAVE".getBytes(StandardCharsets.ISO_8859_1)))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> strip(webp)).isInstanceOf(IOException.class);
    byte[] cut = riff(vp8x(0), VP8L);
    assertThatThrownBy(() -> strip(Arrays.copyOf(cut, cut.length - 4)))
        .isInstanceOf(IOException.class);
  }

  private static byte[] strip(byte[] webp) throws IOException {
    var out = new ByteArrayOutputStream();
    WebPChunkFilter.strip(webp, out);
    return out.toByteArray();
  }

  /** A TIFF (EXIF) block with the GPS position a phone writes. */
  private static byte[] exifAt(double latitude, double longitude) throws Exception {
    var exif = new TiffOutputSet();
    exif.getOrCreateRootDirectory();
    exif.setGpsInDegrees(longitude, latitude);
    var out = new ByteArrayOutputStream();
    new TiffImageWriterLossy().write(out, exif);
    return out.toByteArray();
  }

  /** A VP8X chunk with {@code flags} and a 1×1 canvas. */
  private static byte[] vp8x(int flags) {
    byte[] data = new byte[10];
    data[0] = (byte) flags;
    return chunk("VP8X", data);
  }

  /** A chunk: FourCC, little-endian size, data, and a pad byte when the size is odd. */
  private static byte[] chunk(String fourCc, byte[] data) {
    var buffer =
        ByteBuffer.allocate(8 + data.length + (data.length & 1)).order(ByteOrder.LITTLE_ENDIAN);
    return buffer
        .put(fourCc.getBytes(StandardCharsets.ISO_8859_1))
        .putInt(data.length)
        .put(data)
        .array();
  }

  private static byte[] riff(byte[]... chunks) {
    var body = new ByteArrayOutputStream();
    for (byte[] chunk : chunks) {
      body.writeBytes(chunk);
    }
    return ByteBuffer.allocate(12 + body.size())
        .order(ByteOrder.LITTLE_ENDIAN)
        .put("RIFF".getBytes(StandardCharsets.ISO_8859_1))
        .putInt(4 + body.size())
        .put("WEBP".getBytes(StandardCharsets.ISO_8859_1))
        .put(body.toByteArray())
        .array();
  }
}
