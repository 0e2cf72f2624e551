/**
 * Blocking: a user blocks another, so that the two share no DIRECT or TRADE room and exchange no
 * messages in one, and the blocker is not notified of the other's messages in groups. Blocks are
 * kept through the {@link io.dugout.block.BlockStore} port; {@link io.dugout.block.Blocks} is the
 * one place their effects are decided, consulted by rooms and messages through ports they own.
 */
package io.dugout.block;
