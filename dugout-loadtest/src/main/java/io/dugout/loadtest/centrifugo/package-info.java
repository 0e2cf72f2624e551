/**
 * A client of Centrifugo's JSON protocol over WebSocket, for running {@code chat} and {@code
 * fanout} against a Centrifugo server in the same run as against Dugout ({@code --centrifugo}): the
 * same sessions, rooms, message bodies and measurements, so the ratio compares the servers, not the
 * generators. A room is the channel {@code rooms:<roomId>}; a publication's {@code offset} (the
 * channel's history position) stands in for Dugout's {@code seq}.
 */
package io.dugout.loadtest.centrifugo;
