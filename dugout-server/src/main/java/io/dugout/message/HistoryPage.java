package io.dugout.message;

import java.util.List;

/** One page of history, newest first, and whether there is more beyond it. */
public record HistoryPage(List<Message> messages, boolean hasMore) {}
