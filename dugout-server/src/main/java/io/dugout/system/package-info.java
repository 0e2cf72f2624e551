/**
 * Cross-cutting pieces every capability shares: the cross-cutting configuration properties and the
 * one place that says which adapter each port uses ({@link io.dugout.system.DugoutProperties},
 * {@link io.dugout.system.ConditionalOnSelection}), the error vocabulary and how errors become RFC
 * 9457 problem documents.
 */
package io.dugout.system;
