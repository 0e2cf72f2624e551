/**
 * Command-line parsing: subcommands, their options and defaults, and the {@code --help} text.
 * Deliberately tiny and dependency-free so the tool's jar stays lean.
 */
package io.dugout.loadtest.cli;
