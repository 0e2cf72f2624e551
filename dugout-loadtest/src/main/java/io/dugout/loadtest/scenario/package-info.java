/**
 * The load scenarios: their setup (users, tokens, rooms — never measured), the measured load, and
 * the accounting of expected, received and lost deliveries.
 */
package io.dugout.loadtest.scenario;
