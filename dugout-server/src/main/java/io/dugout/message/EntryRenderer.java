package io.dugout.message;

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
 * twice would double what a page of reactions weighs. A replay ({@link #render}) keeps every entry,
 * since a client checks that its seqs follow each other. A page of history read backward ({@link
 * #renderPage}) leaves every change out, except at the page's two ends, which mark the range of
 * seqs it covers and carry no target: its messages are as they are now, and an older target is read
 * as it is now when the client pages back to it. A replied message found in the page is taken from
 * it; the rest come from the store in one batched read per page. A page with neither changes nor
 * replies (the common case) is returned as it is, and its JSON is never decoded.
 */
public final class EntryRenderer {

  private static final byte[] CONTENT = ExactJson.ascii(",\"content\":\"");
  private static final byte[] EDITED_AT = ExactJson.ascii(",\"editedAt\":");
  private static final byte[] TARGET = ExactJson.ascii(",\"target\":");
  private static final byte[] REPLY = ExactJson.ascii(",\"reply\":");
  private static final byte[] EDITED = ExactJson.ascii(",\"edited\":true");
  private static final byte[] DELETED = ExactJson.ascii("\"deleted\":true");

  private final MessageStore store;

  public EntryRenderer(MessageStore store) {
    this.store = store;
  }

  /** The entries with their targets and reply previews, every one, in the same order. */
  public List<Message> render(String roomId, List<Message> page) {
    return render(roomId, page, false);
  }

  /**
   * A page of history read backward, as {@link #render} but without changes, other than its first
   * and last entry, which carry no target. why: a change's target is in the page, already as it is
   * now, or older than the page, and read as it is now when the client pages back to it; so a
   * change tells a reader of older messages nothing to fold. In a room where people react, changes
   * are most of a page, and each older target would be one more point read and its whole JSON
   * again.
   */
  public List<Message> renderPage(String roomId, List<Message> page) {
    return render(roomId, page, true);
  }

  private List<Message> render(String roomId, List<Message> page, boolean leaveOutFolded) {
    Set<Long> inPage = Set.of();
    Set<Long> wanted = new HashSet<>();
    boolean anyFolded = false;
    for (Message entry : page) {
      if (entry.targetSeq() != null && leaveOutFolded) {
        anyFolded = true;
      } else if (entry.targetSeq() != null) {
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
      boolean folded =
          entry.targetSeq() != null && (leaveOutFolded || inPage.contains(entry.targetSeq()));
      if (!folded) {
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
    var named = new NamedEntries(page.size());
    boolean[] folded = new boolean[page.size()];
    boolean changed = false;
    for (int i = 0; i < page.size(); i++) {
      if (targets[i] > 0 && (leaveOutFolded || indexIn(seqs, range, targets[i]) >= 0)) {
        targets[i] = -1;
        folded[i] = true;
        changed |= leaveOutFolded;
      } else if (targets[i] > 0) {
        named.name(targets[i]);
        changed = true;
      } else if (replied[i] > 0) {
        if (indexIn(seqs, range, replied[i]) < 0) {
          named.name(replied[i]);
        }
        changed = true;
      }
    }
    if (!changed) {
      return page;
    }
    if (!named.isEmpty()) {
      for (byte[] found : store.getJson(roomId, named.seqs())) {
        named.found(EntryFields.seqOf(found), found);
      }
    }
    var rendered = new ArrayList<byte[]>(page.size());
    for (int i = 0; i < page.size(); i++) {
      byte[] entry = page.get(i);
      if (targets[i] > 0) {
        byte[] target = named.get(targets[i]);
        rendered.add(target == null ? entry : appendTarget(entry, target));
      } else if (replied[i] > 0) {
        int here = indexIn(seqs, range, replied[i]);
        byte[] target = here >= 0 ? page.get(here) : named.get(replied[i]);
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
   * Where the page holds {@code seq}, or -1; {@code range} when its seqs follow each other, newest
   * first. why: a page of history is such a range, which answers without a search of the page for
   * each of its changes and replies.
   */
  private static int indexIn(long[] seqs, boolean range, long seq) {
    if (range) {
      return seq <= seqs[0] && seq >= seqs[seqs.length - 1] ? (int) (seqs[0] - seq) : -1;
    }
    for (int i = 0; i < seqs.length; i++) {
      if (seqs[i] == seq) {
        return i;
      }
    }
    return -1;
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
    int from = EntryFields.indexOf(target, EntryFields.SEQ, 0) + 1;
    int content = from <= 0 ? -1 : EntryFields.indexOf(target, CONTENT, from);
    int first = content + CONTENT.length;
    int end = content < 0 ? target.length : EntryFields.stringEnd(target, first);
    if (end >= target.length || end - first > Message.Reply.PREVIEW) {
      return MessageJson.writeReply(Message.Reply.of(MessageJson.read(target)));
    }
    boolean edited = EntryFields.indexOf(target, EDITED_AT, end) >= 0;
    boolean deleted = EntryFields.indexOf(target, DELETED, end) >= 0;
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

  /** Whether an entry's JSON is a change's (only a change has a {@code targetSeq}). */
  static boolean isChange(byte[] json) {
    return EntryFields.of(json).targetSeq() > 0;
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
}
