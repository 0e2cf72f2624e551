package io.dugout.message;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds to entries read from the log what they carry when delivered (ADR 15): a change its target as
 * it is now, a reply the preview of the message it answers. A target found in the same page is
 * taken from it; the rest come from the store in one batched read per page. A page with neither
 * (the common case) is returned as it is, and its JSON is never decoded.
 */
public final class EntryRenderer {

  private static final byte[] TARGET_SEQ = ExactJson.ascii("\"targetSeq\":");
  private static final byte[] REPLY_TO = ExactJson.ascii("\"replyTo\":");

  private final MessageStore store;

  public EntryRenderer(MessageStore store) {
    this.store = store;
  }

  /** The page's entries with their targets and reply previews, in the same order. */
  public List<Message> render(String roomId, List<Message> page) {
    Set<Long> wanted = new HashSet<>();
    for (Message entry : page) {
      if (entry.targetSeq() != null) {
        wanted.add(entry.targetSeq());
      } else if (entry.replyTo() != null) {
        wanted.add(entry.replyTo());
      }
    }
    if (wanted.isEmpty()) {
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
    for (Message entry : page) {
      rendered.add(render(entry, bySeq));
    }
    return rendered;
  }

  /** {@link #render} for a page of {@link MessageJson}: untouched unless an entry needs it. */
  public List<byte[]> renderJson(String roomId, List<byte[]> page) {
    boolean needed = false;
    for (byte[] entry : page) {
      if (contains(entry, TARGET_SEQ) || contains(entry, REPLY_TO)) {
        needed = true;
        break;
      }
    }
    if (!needed) {
      return page;
    }
    var decoded = new ArrayList<Message>(page.size());
    for (byte[] entry : page) {
      decoded.add(MessageJson.read(entry));
    }
    return MessageJson.writeAll(render(roomId, decoded));
  }

  /** Whether an entry's JSON is a change's (only a change has a {@code targetSeq}). */
  static boolean isChange(byte[] json) {
    return contains(json, TARGET_SEQ);
  }

  /** One entry, whose target or reply may be in {@code bySeq}. */
  public Message render(Message entry, Map<Long, Message> bySeq) {
    if (entry.targetSeq() != null) {
      return entry.withRendered(null, bySeq.get(entry.targetSeq()));
    }
    if (entry.replyTo() != null) {
      Message replied = bySeq.get(entry.replyTo());
      return entry.withRendered(replied == null ? null : Message.Reply.of(replied), null);
    }
    return entry;
  }

  /**
   * Whether {@code json} holds {@code field}, a field name with its quotes and colon. why: inside a
   * string value every quote is escaped, so the bytes {@code "name":} appear only as a field.
   */
  private static boolean contains(byte[] json, byte[] field) {
    outer:
    for (int i = 0; i + field.length <= json.length; i++) {
      for (int k = 0; k < field.length; k++) {
        if (json[i + k] != field[k]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
