package io.dugout.message;

import java.util.List;

/**
 * A {@link HistoryPage} whose messages are given as their {@link MessageJson}, newest first, so an
 * answer can carry them without decoding them.
 */
public record JsonPage(List<byte[]> messages, boolean hasMore) {

  /** The JSON of the {@link HistoryPage}: the same bytes the API's mapper writes for it. */
  public byte[] toJson() {
    return MessageJson.page(messages, hasMore);
  }

  /** The JSON of the page's newest entry; null when the page is empty. */
  public byte[] newestJson() {
    return messages.isEmpty() ? null : messages.getFirst();
  }

  /**
   * The JSON of the page's newest message, passing over changes; null when the page holds none. The
   * newest entry's own array when that is a message.
   */
  public byte[] newestMessageJson() {
    for (byte[] entry : messages) {
      if (!EntryRenderer.isChange(entry)) {
        return entry;
      }
    }
    return null;
  }
}
