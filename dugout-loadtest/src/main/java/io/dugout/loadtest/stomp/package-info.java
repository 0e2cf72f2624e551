/**
 * A lean STOMP 1.2 client over WebSocket (Netty), built to drive thousands of sessions and hundreds
 * of thousands of deliveries per second from a small machine: frames are scanned in place and only
 * the {@code subscription} header, the {@code seq} and the send stamp in the {@code clientMsgId}
 * are extracted.
 */
package io.dugout.loadtest.stomp;
