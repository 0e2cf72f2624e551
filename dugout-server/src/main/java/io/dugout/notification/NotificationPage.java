package io.dugout.notification;

import java.util.List;

/**
 * A page of a user's notifications, newest first, with the user's unread count; {@code nextBefore}
 * fetches the next page (null when there is none).
 */
record NotificationPage(
    List<NotificationView> notifications, boolean hasMore, long unreadCount, String nextBefore) {}
