/**
 * Bans from the whole deployment: the product's backend bans a user, who then can neither connect
 * nor call the API, and whose open sessions end on every node. Bans are kept through the {@link
 * io.dugout.ban.BanStore} port; {@link io.dugout.ban.Bans} is the one place that decides whether a
 * user is banned, answering the auth capability's {@link io.dugout.auth.BannedUsers}.
 */
package io.dugout.ban;
