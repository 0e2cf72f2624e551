/**
 * Server-side figures: samples the target's {@code /actuator/prometheus} during a run (over the
 * wire, like every other part of the load tester) so the report shows what the server saw beside
 * what the clients saw.
 */
package io.dugout.loadtest.scrape;
