/** The TCP client plumbing the REST and the STOMP side of the generator share. */
package io.dugout.loadtest.net;
