/**
 * Device push: Dugout itself sends chat and API notifications to users' phones through APNs and
 * FCM. Users register devices through the {@link io.dugout.push.DeviceStore} port; a notification
 * stored for a user who is away is pushed to each of the user's devices, collapsed per room, with
 * the user's unread count as the badge. Tokens a provider declares dead are removed at once, and
 * pushes that finally fail are kept as dead letters for the product's backend to read.
 */
package io.dugout.push;
