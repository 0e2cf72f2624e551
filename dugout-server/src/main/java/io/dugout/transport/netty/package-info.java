/**
 * The Netty listener: in front of Tomcat on the public port by default ({@link
 * io.dugout.transport.ListenerMode#FRONT}). {@link io.dugout.transport.netty.FirstRequestRouter}
 * reads a connection's first request head ({@link io.dugout.transport.netty.RequestHead}, a strict
 * subset of what Tomcat accepts): a WebSocket handshake at {@code /ws} stays with the listener,
 * whose event loops carry the STOMP session; any other connection goes to {@link
 * io.dugout.transport.netty.HotReadHandler}, which answers hot reads itself and hands the
 * connection to {@link io.dugout.transport.netty.TomcatRelay} from its first other request on.
 */
package io.dugout.transport.netty;
