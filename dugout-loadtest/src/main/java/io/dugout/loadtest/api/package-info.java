/**
 * The REST side of a Dugout deployment as the load generator sees it: health, tokens, rooms,
 * messages, history pages and {@code enter}. Only what the scenarios need, straight from {@code
 * docs/protocol.md}.
 */
package io.dugout.loadtest.api;
