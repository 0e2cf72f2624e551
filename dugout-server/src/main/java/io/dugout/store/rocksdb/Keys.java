package io.dugout.store.rocksdb;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Key layout. Parts are joined by a 0x00 byte (ids never contain one), and seqs are 8-byte
 * big-endian, so that one room's messages are one contiguous, seq-ordered key range: "the newest N
 * before X" and "the next N after X" are single range scans.
 *
 * <pre>
 *   messages   roomId 0x00 seq(8)                  → message JSON
 *   dedupe     roomId 0x00 senderId 0x00 clientMsgId → seq(8)
 *   rooms      roomId                              → room JSON
 *   members    roomId 0x00 userId                  → member JSON
 *   read_markers roomId 0x00 userId                → seq(8), when past the member JSON's
 *   user_rooms userId 0x00 roomId                  → (empty)
 *   room_keys  uniqueKey                           → roomId
 *   blocks     blockerId 0x00 blockedId            → blockedAt: epoch second(8) nano(4)
 *   blockers   blockedId 0x00 blockerId            → (empty)
 *   devices    userId 0x00 deviceId                → device JSON
 *   device_tokens platform 0x00 token              → userId 0x00 deviceId
 *   bans       userId                              → ban JSON
 *   reports    reportId                            → report JSON
 *   report_keys reporterId 0x00 roomId 0x00 seq    → reportId, while the report is open
 *
 *   notifications         userId 0x00 createdAt(8) id      → notification JSON
 *   notification_ids      userId 0x00 id                   → createdAt(8) indexedAt(8) expiresAt(8)
 *                         (older entries: createdAt(8) alone, entries at expiresAt)
 *   notification_unread   userId 0x00 indexedAt(8) id      → (empty), one per unread notification
 *   notification_counts   userId                           → unread count(8)
 *   notification_expiry   indexedAt(8) 'n' userId 0x00 id  → (empty)
 *                         expiresAt(8) 's' scope 0x00 key  → (empty)
 *   notification_collapse userId 0x00 collapseKey          → 0x02 createdAt(8) expiresAt(8) count(4)
 *                                                             indexedAt(8) id
 *                         (older entries: 0x01 without indexedAt, or the id alone; all are read)
 *   notification_sends    scope 0x00 idempotencyKey        → sent JSON (ids, expiresAt)
 * </pre>
 *
 * Times in notification keys are nanoseconds since the epoch, 8-byte big-endian, so that a user's
 * notifications are one createdAt-ordered range and all expiries one time-ordered range. A
 * notification's {@code indexedAt} is where its expiry and unread entries are: its expiry when it
 * is written, kept while collapses move the expiry later (so never after it), and moved to the
 * expiry by the sweep when the entry comes due.
 */
final class Keys {

  private static final byte SEP = 0;
  private static final byte NOTIFICATION_EXPIRY = 'n';
  private static final byte SEND_EXPIRY = 's';

  private Keys() {}

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static String string(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** The first key of everything filed under {@code parts}. */
  static byte[] prefix(String... parts) {
    return join(SEP, parts);
  }

  /** The first key after everything filed under {@code parts}. */
  static byte[] prefixEnd(String... parts) {
    return join((byte) 1, parts);
  }

  static byte[] pair(String a, String b) {
    if (ascii(a) && ascii(b)) {
      byte[] key = new byte[a.length() + 1 + b.length()];
      putAscii(b, key, putAscii(a, key, 0) + 1);
      return key;
    }
    byte[] pa = utf8(a);
    byte[] pb = utf8(b);
    return ByteBuffer.allocate(pa.length + 1 + pb.length).put(pa).put(SEP).put(pb).array();
  }

  /** The first part of a {@link #pair} key. */
  static String firstOf(byte[] pairKey) {
    int end = 0;
    while (end < pairKey.length && pairKey[end] != SEP) {
      end++;
    }
    return new String(pairKey, 0, end, StandardCharsets.UTF_8);
  }

  static byte[] triple(String a, String b, String c) {
    if (ascii(a) && ascii(b) && ascii(c)) {
      byte[] key = new byte[a.length() + b.length() + c.length() + 2];
      putAscii(c, key, putAscii(b, key, putAscii(a, key, 0) + 1) + 1);
      return key;
    }
    byte[] pa = utf8(a);
    byte[] pb = utf8(b);
    byte[] pc = utf8(c);
    return ByteBuffer.allocate(pa.length + pb.length + pc.length + 2)
        .put(pa)
        .put(SEP)
        .put(pb)
        .put(SEP)
        .put(pc)
        .array();
  }

  static byte[] message(String roomId, long seq) {
    if (ascii(roomId)) {
      byte[] key = new byte[roomId.length() + 9];
      putLong(key, putAscii(roomId, key, 0) + 1, seq);
      return key;
    }
    byte[] room = utf8(roomId);
    return ByteBuffer.allocate(room.length + 9).put(room).put(SEP).putLong(seq).array();
  }

  static long seqOf(byte[] messageKey) {
    return ByteBuffer.wrap(messageKey, messageKey.length - 8, 8).getLong();
  }

  /** The part of {@code key} after its prefix of {@code prefixLength} bytes. */
  static String suffix(byte[] key, int prefixLength) {
    return new String(key, prefixLength, key.length - prefixLength, StandardCharsets.UTF_8);
  }

  static byte[] seqValue(long seq) {
    return ByteBuffer.allocate(8).putLong(seq).array();
  }

  static long seqValueOf(byte[] value) {
    return ByteBuffer.wrap(value).getLong();
  }

  /** {@code part 0x00 nanos(8) tail}: a time-ordered key under {@code part}. */
  static byte[] timed(String part, long nanos, String tail) {
    byte[] p = utf8(part);
    byte[] t = utf8(tail);
    return ByteBuffer.allocate(p.length + 9 + t.length)
        .put(p)
        .put(SEP)
        .putLong(nanos)
        .put(t)
        .array();
  }

  /** {@code indexedAt(8) 'n' userId 0x00 id}: a notification's expiry entry. */
  static byte[] notificationExpiry(long indexedAt, String userId, String id) {
    return expiry(indexedAt, NOTIFICATION_EXPIRY, userId, id);
  }

  /** {@code expiresAt(8) 's' scope 0x00 key}: an idempotency key's expiry entry. */
  static byte[] sendExpiry(long expiresAt, String scope, String key) {
    return expiry(expiresAt, SEND_EXPIRY, scope, key);
  }

  /** Whether an expiry key is an idempotency key's rather than a notification's. */
  static boolean isSendExpiry(byte[] expiryKey) {
    return expiryKey[8] == SEND_EXPIRY;
  }

  /** {@code nanos(8) kind a 0x00 b}: an expiry-ordered key. */
  private static byte[] expiry(long nanos, byte kind, String a, String b) {
    byte[] pa = utf8(a);
    byte[] pb = utf8(b);
    return ByteBuffer.allocate(10 + pa.length + pb.length)
        .putLong(nanos)
        .put(kind)
        .put(pa)
        .put(SEP)
        .put(pb)
        .array();
  }

  /** The first key of everything at or after {@code nanos} in an expiry-ordered family. */
  static byte[] expiryFrom(long nanos) {
    return ByteBuffer.allocate(8).putLong(nanos).array();
  }

  /** The two parts after the kind byte of an expiry key. */
  static String[] expiryParts(byte[] key) {
    String rest = new String(key, 9, key.length - 9, StandardCharsets.UTF_8);
    int sep = rest.indexOf(0);
    return new String[] {rest.substring(0, sep), rest.substring(sep + 1)};
  }

  private static byte[] join(byte last, String... parts) {
    var out = new java.io.ByteArrayOutputStream();
    for (String part : parts) {
      out.writeBytes(utf8(part));
      out.write(SEP);
    }
    byte[] bytes = out.toByteArray();
    bytes[bytes.length - 1] = last;
    return bytes;
  }

  // why: ids are nearly always ASCII, whose UTF-8 is one byte per char; writing them straight into
  // the key spares the per-part arrays and the buffer of the general path on every message write
  private static boolean ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** Writes ASCII {@code s} into {@code key} at {@code at}; returns the index after it. */
  private static int putAscii(String s, byte[] key, int at) {
    for (int i = 0; i < s.length(); i++) {
      key[at + i] = (byte) s.charAt(i);
    }
    return at + s.length();
  }

  private static void putLong(byte[] key, int at, long value) {
    for (int i = 7; i >= 0; i--) {
      key[at + i] = (byte) value;
      value >>>= 8;
    }
  }
}
