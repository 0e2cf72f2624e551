/**
 * The TCP plumbing the REST and the STOMP side of the generator share, and the listening side of
 * the floor servers.
 */
package io.dugout.loadtest.net;
