/**
 * Real time: the STOMP 1.2 session core, the same whichever server carries the bytes ({@code
 * transport.netty} or {@code transport.tomcat}, both through {@link
 * io.dugout.realtime.StompEndpoint}). Client inbound frames of one session are handled one at a
 * time, in order, by {@link io.dugout.realtime.ClientInbound} and a handler per frame kind, so a
 * SUBSCRIBE takes effect before the session's next frame; client outbound frames go through a
 * bounded per-session queue drained by one writer, so a slow client only ever fills its own queue.
 */
package io.dugout.realtime;
