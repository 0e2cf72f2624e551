/**
 * The node as a process: the watchdog that turns a node whose virtual threads stopped running into
 * an error in the log, a broken liveness state and, by default, an exit for its supervisor to
 * restart; and the startup check of how the node's classes are loaded.
 */
package io.dugout.node;
