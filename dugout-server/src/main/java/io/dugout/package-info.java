/**
 * Dugout: a self-hostable real-time chat backend. Capability packages ({@code room}, {@code
 * message}, {@code auth}, {@code realtime}) hold the domain and its ports; technology adapters live
 * in leaf packages under {@code store} and {@code cluster}.
 */
package io.dugout;
