/**
 * Moderation of GROUP rooms: admins, removals, mutes, bans, a frozen room and slow mode. {@link
 * io.dugout.moderation.ModerationRights} decides every right in one place; {@link
 * io.dugout.moderation.ModerationStore} keeps the state, {@link io.dugout.moderation.SlowModeGate}
 * the slow-mode intervals; {@link io.dugout.moderation.ModeratedWrites} applies them to every send,
 * edit and reaction; each action is told to the room as a SYSTEM message and published as an {@link
 * io.dugout.audit.ModerationAction}.
 */
package io.dugout.moderation;
