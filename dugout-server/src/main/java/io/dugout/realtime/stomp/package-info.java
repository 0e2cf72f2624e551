/**
 * The STOMP 1.2 codec: {@link io.dugout.realtime.stomp.StompFrameDecoder} reads frames from any
 * split of the bytes into WebSocket messages, with a size limit and a clear error for every
 * malformed frame; {@link io.dugout.realtime.stomp.StompFrames} writes the server's frames, the
 * MESSAGE frame of a room's message encoded once for all its receivers.
 */
package io.dugout.realtime.stomp;
