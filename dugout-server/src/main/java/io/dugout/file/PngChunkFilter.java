package io.dugout.file;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * A PNG (or APNG) without its metadata, the picture untouched: every chunk is copied whole (length,
 * type, data and CRC, so each CRC stays right) or dropped whole, in one pass, a buffer at a time.
 *
 * <p>Kept: every critical chunk ({@code IHDR}, {@code PLTE}, {@code IDAT}, {@code IEND}, and any
 * other whose type starts upper case, which a decoder must understand) and the ancillary chunks
 * that change how the picture renders: transparency, colour space, pixel size, background and
 * animation. Dropped: every other ancillary chunk, the {@code eXIf} that may hold a GPS position,
 * the text chunks ({@code tEXt}, {@code zTXt}, {@code iTXt}) that hold XMP or raw EXIF, {@code
 * tIME}, and private chunks no one here knows; a decoder skips an unknown ancillary chunk, so
 * dropping one never changes the picture. Bytes after {@code IEND} are dropped too.
 *
 * <p>why a filter and not a library: re-encoding through {@code javax.imageio} or Commons Imaging
 * would decode and rewrite the pixels (and lose an APNG's animation), and Commons Imaging's
 * lossless rewriters are for JPEG only.
 */
final class PngChunkFilter {

  private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  /** Ancillary chunks that change how the picture renders, and hold nothing about its making. */
  private static final Set<String> RENDERING =
      Set.of(
          "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "cICP", "mDCv", "cLLi", "sBIT", "pHYs", "bKGD",
          "hIST", "acTL", "fcTL", "fdAT");

  private PngChunkFilter() {}

  /**
   * Copies the PNG of {@code in} to {@code out} without its metadata chunks.
   *
   * @throws IOException when {@code in} is no well-formed chunk list ending in {@code IEND}
   */
  static void strip(InputStream in, OutputStream out) throws IOException {
    byte[] signature = in.readNBytes(SIGNATURE.length);
    if (!Arrays.equals(signature, SIGNATURE)) {
      throw new IOException("not a PNG");
    }
    out.write(signature);
    byte[] buffer = new byte[8192];
    String type;
    do {
      byte[] header = in.readNBytes(8);
      if (header.length < 8) {
        throw new IOException("the PNG ends before its IEND chunk");
      }
      long length = uint32(header);
      if (length > Integer.MAX_VALUE) {
        throw new IOException("a PNG chunk is over 2^31 - 1 bytes");
      }
      type = new String(header, 4, 4, StandardCharsets.ISO_8859_1);
      if (!type.chars().allMatch(c -> (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        throw new IOException("not a PNG chunk type: " + type);
      }
      boolean keep = Character.isUpperCase(type.charAt(0)) || RENDERING.contains(type);
      if (keep) {
        out.write(header);
      }
      copy(in, length + 4, keep ? out : OutputStream.nullOutputStream(), buffer);
    } while (!type.equals("IEND"));
  }

  /** Copies exactly {@code bytes} bytes (a chunk's data and CRC). */
  private static void copy(InputStream in, long bytes, OutputStream out, byte[] buffer)
      throws IOException {
    long left = bytes;
    while (left > 0) {
      int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
      if (read < 0) {
        throw new IOException("the PNG ends inside a chunk");
      }
      out.write(buffer, 0, read);
      left -= read;
    }
  }

  private static long uint32(byte[] b) {
    return ((b[0] & 0xffL) << 24) | ((b[1] & 0xffL) << 16) | ((b[2] & 0xffL) << 8) | (b[3] & 0xffL);
  }
}
