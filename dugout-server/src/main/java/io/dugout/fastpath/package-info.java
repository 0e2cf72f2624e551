/**
 * The fast path for the hottest reads (a history page, entering a room): a request of a {@link
 * io.dugout.fastpath.HotReadRoute} with a good bearer token is answered before Spring Security's
 * filter chain and MVC dispatch, with the same token check and the route's own service method, so
 * membership and validation are those of the full chain. Only the plain success case is answered;
 * everything else, every error among it, goes through the full chain, so answers look the same
 * either way. Both servers use it: Tomcat through {@link io.dugout.fastpath.HotReadFilter}, the
 * Netty listener through {@link io.dugout.fastpath.HotReadMatcher}.
 */
package io.dugout.fastpath;
