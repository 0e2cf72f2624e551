package io.dugout.message;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds to entries read from the log what they carry when delivered (ADR 15): a change its target as
 * it is now, a reply the preview of the message it answers. A change whose target is in the same
 * page carries none: the page's own copy of the message is already as it is now, and sending it
 * twice would double what a page of reactions weighs. A page of history read backward ({@link
 * #renderPage}) leaves such a change out altogether, except at the page's two ends, which mark the
 * range of seqs it covers; a replay ({@link #render}) keeps every entry, since a client checks that
 * its seqs follow each other. A replied message found in the page is taken from it; the rest come
 * from the store in one batched read per page. A page with neither changes nor replies (the common
 * case) is returned as it is, and its JSON is never decoded.
 *
 * <p>Over 300 lines: the same rules are written twice, once for decoded entries and once for their
 * stored JSON, and a test holds the two to the same bytes; apart, neither would be read beside the
 * other it must match.
 */
public final class EntryRenderer {

  private static final String TARGET_SEQ = "\"targetSeq\":";
  private static final String SEQ = ",\"seq\":";
  private static final String CONTENT = ",\"content\":\"";
  private static final String EDITED_AT = ",\"editedAt\":";
  private static final String DELETED_FIELD = "\"deleted\":true";
  private static final byte[] TARGET = ExactJson.ascii(",\"target\":");
  private static final byte[] REPLY = ExactJson.ascii(",\"reply\":");
  private static final byte[] EDITED = ExactJson.ascii(",\"edited\":true");
  private static final byte[] DELETED = ExactJson.ascii(DELETED_FIELD);

  private final MessageStore store;

  public EntryRenderer(MessageStore store) {
    this.store = store;
  }

  /** The entries with their targets and reply previews, every one, in the same order. */
  public List<Message> render(String roomId, List<Message> page) {
    return render(roomId, page, false);
  }

  /**
   * A page of history read backward, as {@link #render} but without the changes whose target is in
   * the page, other than its first and last entry. why: the page already shows those messages as
   * they are now, so such a change tells a client nothing it would fold; in a room where people
   * react, they are most of a page.
   */
  public List<Message> renderPage(String roomId, List<Message> page) {
    return render(roomId, page, true);
  }

  private List<Message> render(String roomId, List<Message> page, boolean leaveOutFolded) {
    Set<Long> inPage = Set.of();
    Set<Long> wanted = new HashSet<>();
    boolean anyFolded = false;
    for (Message entry : page) {
      if (entry.targetSeq() != null) {
        inPage = inPage.isEmpty() ? seqsOf(page) : inPage;
        if (inPage.contains(entry.targetSeq())) {
          anyFolded = true;
        } else {
          wanted.add(entry.targetSeq());
        }
      } else if (entry.replyTo() != null) {
        wanted.add(entry.replyTo());
      }
    }
    if (wanted.isEmpty() && (!anyFolded || !leaveOutFolded)) {
      return page;
    }
    Map<Long, Message> bySeq = new HashMap<>();
    for (Message entry : page) {
      if (wanted.remove(entry.seq())) {
        bySeq.put(entry.seq(), entry.stored());
      }
    }
    if (!wanted.isEmpty()) {
      for (Message found : store.get(roomId, wanted)) {
        bySeq.put(found.seq(), found);
      }
    }
    var rendered = new ArrayList<Message>(page.size());
    for (int i = 0; i < page.size(); i++) {
      Message entry = page.get(i);
      boolean targetHere = entry.targetSeq() != null && inPage.contains(entry.targetSeq());
      if (!targetHere) {
        rendered.add(render(entry, bySeq));
      } else if (!leaveOutFolded || isEnd(i, page.size())) {
        rendered.add(entry);
      }
    }
    return rendered;
  }

  private static Set<Long> seqsOf(List<Message> page) {
    Set<Long> seqs = new HashSet<>();
    for (Message entry : page) {
      seqs.add(entry.seq());
    }
    return seqs;
  }

  /**
   * {@link #render} for a page of {@link MessageJson}, the same bytes as encoding the rendered
   * page, without decoding it: a change whose target is not in the page gets the target's stored
   * JSON appended as {@code target} (its last field), a reply its preview inserted after {@code
   * replyTo} (the field before it). Only the messages replies answer are decoded, for their
   * previews; a page without changes or replies is returned as it is.
   */
  public List<byte[]> renderJson(String roomId, List<byte[]> page) {
    return renderJson(roomId, page, false);
  }

  /** {@link #renderPage} for a page of {@link MessageJson}, as {@link #renderJson} renders it. */
  public List<byte[]> renderPageJson(String roomId, List<byte[]> page) {
    return renderJson(roomId, page, true);
  }

  private List<byte[]> renderJson(String roomId, List<byte[]> page, boolean leaveOutFolded) {
    long[] targets = new long[page.size()];
    long[] replied = new long[page.size()];
    int[] replyAt = new int[page.size()];
    long[] seqs = new long[page.size()];
    boolean any = false;
    boolean range = true;
    for (int i = 0; i < page.size(); i++) {
      EntryFields fields = EntryFields.of(page.get(i));
      seqs[i] = fields.seq();
      range &= seqs[i] > 0 && (i == 0 || seqs[i] == seqs[i - 1] - 1);
      targets[i] = fields.targetSeq();
      replied[i] = targets[i] > 0 ? -1 : fields.replyTo();
      replyAt[i] = fields.replyToEnd();
      any |= targets[i] > 0 || replied[i] > 0;
    }
    if (!any) {
      return page;
    }
    Set<Long> wanted = new HashSet<>();
    boolean[] folded = new boolean[page.size()];
    boolean anyFolded = false;
    for (int i = 0; i < page.size(); i++) {
      if (targets[i] > 0 && contains(seqs, range, targets[i])) {
        targets[i] = -1;
        folded[i] = true;
        anyFolded = true;
      } else if (targets[i] > 0) {
        wanted.add(targets[i]);
      } else if (replied[i] > 0) {
        wanted.add(replied[i]);
      }
    }
    if (wanted.isEmpty() && (!anyFolded || !leaveOutFolded)) {
      return page;
    }
    Map<Long, byte[]> bySeq = new HashMap<>();
    for (int i = 0; i < page.size(); i++) {
      if (wanted.remove(seqs[i])) {
        bySeq.put(seqs[i], page.get(i));
      }
    }
    if (!wanted.isEmpty()) {
      for (byte[] found : store.getJson(roomId, wanted)) {
        bySeq.put(numberAfter(text(found), SEQ), found);
      }
    }
    var rendered = new ArrayList<byte[]>(page.size());
    for (int i = 0; i < page.size(); i++) {
      byte[] entry = page.get(i);
      if (targets[i] > 0) {
        byte[] target = bySeq.get(targets[i]);
        rendered.add(target == null ? entry : appendTarget(entry, target));
      } else if (replied[i] > 0) {
        byte[] target = bySeq.get(replied[i]);
        rendered.add(target == null ? entry : insertReply(entry, replyAt[i], target));
      } else if (!leaveOutFolded || !folded[i] || isEnd(i, page.size())) {
        rendered.add(entry);
      }
    }
    return rendered;
  }

  /** Whether the entry at {@code i} is the first or the last of a page of {@code size}. */
  private static boolean isEnd(int i, int size) {
    return i == 0 || i == size - 1;
  }

  /**
   * Whether the page holds {@code seq}; {@code range} when its seqs follow each other, newest
   * first. why: a page of history is such a range, which answers without a search of the page for
   * each of its changes.
   */
  private static boolean contains(long[] seqs, boolean range, long seq) {
    if (range) {
      return seq <= seqs[0] && seq >= seqs[seqs.length - 1];
    }
    for (long each : seqs) {
      if (each == seq) {
        return true;
      }
    }
    return false;
  }

  private static byte[] appendTarget(byte[] entry, byte[] target) {
    byte[] out = new byte[entry.length - 1 + TARGET.length + target.length + 1];
    System.arraycopy(entry, 0, out, 0, entry.length - 1);
    System.arraycopy(TARGET, 0, out, entry.length - 1, TARGET.length);
    System.arraycopy(target, 0, out, entry.length - 1 + TARGET.length, target.length);
    out[out.length - 1] = '}';
    return out;
  }

  /** {@code entry} with the preview of {@code target} inserted at {@code at}, after replyTo. */
  private static byte[] insertReply(byte[] entry, int at, byte[] target) {
    byte[] preview = preview(target);
    byte[] out = new byte[entry.length + REPLY.length + preview.length];
    System.arraycopy(entry, 0, out, 0, at);
    System.arraycopy(REPLY, 0, out, at, REPLY.length);
    System.arraycopy(preview, 0, out, at + REPLY.length, preview.length);
    System.arraycopy(entry, at, out, at + REPLY.length + preview.length, entry.length - at);
    return out;
  }

  /**
   * The JSON of the {@link Message.Reply} of the stored message {@code target}. A preview's first
   * four fields are the message's {@code seq}, {@code senderId}, {@code kind} and {@code content},
   * which follow {@code roomId} in that order in its stored JSON, written the same way; so when the
   * content needs no shortening they are copied, and only a long content is decoded.
   */
  static byte[] preview(byte[] target) {
    String text = text(target);
    int from = text.indexOf(SEQ) + 1;
    int content = text.indexOf(CONTENT);
    int end = content < 0 ? -1 : stringEnd(target, content + CONTENT.length());
    if (from <= 0 || end < 0 || end - (content + CONTENT.length()) > Message.Reply.PREVIEW) {
      return MessageJson.writeReply(Message.Reply.of(MessageJson.read(target)));
    }
    boolean edited = text.indexOf(EDITED_AT) >= 0;
    boolean deleted = text.indexOf(DELETED_FIELD) >= 0;
    int length = end + 1 - from;
    byte[] out =
        new byte
            [1 + length + (edited ? EDITED.length : 0) + (deleted ? DELETED.length + 1 : 0) + 1];
    out[0] = '{';
    System.arraycopy(target, from, out, 1, length);
    int at = 1 + length;
    if (edited) {
      System.arraycopy(EDITED, 0, out, at, EDITED.length);
      at += EDITED.length;
    }
    if (deleted) {
      out[at++] = ',';
      System.arraycopy(DELETED, 0, out, at, DELETED.length);
      at += DELETED.length;
    }
    out[at] = '}';
    return out;
  }

  /** The index of the quote that ends the JSON string whose first character is at {@code from}. */
  private static int stringEnd(byte[] json, int from) {
    for (int i = from; i < json.length; i++) {
      if (json[i] == '\\') {
        i++;
      } else if (json[i] == '"') {
        return i;
      }
    }
    return -1;
  }

  /** The whole number right after {@code field} in {@code json}; -1 when the field is absent. */
  private static long numberAfter(String json, String field) {
    int at = json.indexOf(field);
    if (at < 0) {
      return -1;
    }
    long value = 0;
    boolean digits = false;
    for (int i = at + field.length();
        i < json.length() && json.charAt(i) >= '0' && json.charAt(i) <= '9';
        i++) {
      value = value * 10 + (json.charAt(i) - '0');
      digits = true;
    }
    return digits ? value : -1;
  }

  /** Whether an entry's JSON is a change's (only a change has a {@code targetSeq}). */
  static boolean isChange(byte[] json) {
    return text(json).indexOf(TARGET_SEQ) >= 0;
  }

  /**
   * One entry, whose target or reply may be in {@code bySeq}; a change whose target is not there
   * stays without one.
   */
  public Message render(Message entry, Map<Long, Message> bySeq) {
    if (entry.targetSeq() != null) {
      Message target = bySeq.get(entry.targetSeq());
      return target == null ? entry : entry.withRendered(null, target);
    }
    if (entry.replyTo() != null) {
      Message replied = bySeq.get(entry.replyTo());
      return entry.withRendered(replied == null ? null : Message.Reply.of(replied), null);
    }
    return entry;
  }

  /**
   * An entry's JSON as text to search for a field name (with its quotes and colon), one char per
   * byte. why: inside a string value every quote is escaped, so the bytes {@code "name":} appear
   * only as a field, and a stored entry has no nested entry whose fields could match; String's
   * Latin-1 search is a vectorised intrinsic, several times a byte loop's speed, and one copy per
   * entry serves every search in it.
   */
  private static String text(byte[] json) {
    return new String(json, StandardCharsets.ISO_8859_1);
  }
}
