/**
 * How bytes reach Dugout: the servers that listen for clients. The default deployment ({@link
 * io.dugout.transport.ListenerMode#FRONT}) is one public port served by {@code transport.netty},
 * which answers WebSocket connections and hot reads itself and relays every other request to {@code
 * transport.tomcat} on a loopback port. Only these packages use Netty or Tomcat; the STOMP session
 * core ({@code io.dugout.realtime}) and the REST controllers are the same behind either.
 */
package io.dugout.transport;
