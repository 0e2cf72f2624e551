package io.dugout.file;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Set;

/**
 * A WebP without its metadata, the picture untouched: the RIFF chunks that make the picture are
 * copied whole, the {@code EXIF} and {@code XMP } chunks (and any chunk no one here knows, which a
 * decoder skips) are dropped, the matching flags of {@code VP8X} are cleared and the RIFF size is
 * fixed. Bytes after the RIFF's end are dropped.
 *
 * <p>The RIFF size comes before the chunks, so one pass reads the chunk headers and a second writes
 * the kept chunks, from the bytes as they are, without a copy.
 *
 * <p>why a filter and not a library: {@code javax.imageio} cannot write WebP, a re-encode would
 * change the pixels (and lose an animation), and Commons Imaging reads WebP metadata but cannot
 * write WebP at all.
 */
final class WebPChunkFilter {

  /** The chunks of a still or animated picture, with its alpha and colour profile. */
  private static final Set<String> PICTURE =
      Set.of("VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP");

  /** {@code VP8X}'s flags for an EXIF and an XMP chunk. */
  private static final int EXIF_AND_XMP_FLAGS = 0x08 | 0x04;

  private WebPChunkFilter() {}

  /**
   * Writes the WebP of {@code webp} to {@code out} without its metadata chunks.
   *
   * @throws IOException when {@code webp} is no well-formed RIFF WebP
   */
  static void strip(byte[] webp, OutputStream out) throws IOException {
    if (webp.length < 12 || !fourCc(webp, 0).equals("RIFF") || !fourCc(webp, 8).equals("WEBP")) {
      throw new IOException("not a WebP");
    }
    long end = 8 + uint32(webp, 4);
    if (end > webp.length) {
      throw new IOException("the WebP is shorter than its RIFF size");
    }
    var kept = new ArrayList<int[]>();
    long size = 4;
    int at = 12;
    while (at < end) {
      if (end - at < 8) {
        throw new IOException("a WebP chunk header is cut short");
      }
      long length = uint32(webp, at + 4);
      long whole = 8 + length + (length & 1);
      if (at + whole > end) {
        throw new IOException("a WebP chunk runs past the RIFF's end");
      }
      if (PICTURE.contains(fourCc(webp, at))) {
        kept.add(new int[] {at, (int) whole});
        size += whole;
      }
      at += (int) whole;
    }
    out.write(webp, 0, 4);
    out.write(
        new byte[] {(byte) size, (byte) (size >> 8), (byte) (size >> 16), (byte) (size >> 24)});
    out.write(webp, 8, 4);
    for (int[] chunk : kept) {
      if (fourCc(webp, chunk[0]).equals("VP8X") && chunk[1] > 8) {
        out.write(webp, chunk[0], 8);
        out.write(webp[chunk[0] + 8] & ~EXIF_AND_XMP_FLAGS);
        out.write(webp, chunk[0] + 9, chunk[1] - 9);
      } else {
        out.write(webp, chunk[0], chunk[1]);
      }
    }
  }

  private static String fourCc(byte[] b, int at) {
    return new String(b, at, 4, StandardCharsets.ISO_8859_1);
  }

  private static long uint32(byte[] b, int at) {
    return (b[at] & 0xffL)
        | ((b[at + 1] & 0xffL) << 8)
        | ((b[at + 2] & 0xffL) << 16)
        | ((b[at + 3] & 0xffL) << 24);
  }
}
