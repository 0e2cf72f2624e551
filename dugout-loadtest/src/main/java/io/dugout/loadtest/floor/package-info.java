/**
 * The floor: minimal servers inside the generator that answer the scenarios' requests with next to
 * no work, so a run can measure, against the same clients on the same machine, the most the
 * generator and the box can drive, and report Dugout's figures as a ratio of it. Each does only
 * what its scenario needs and says so; neither is a server for anything else.
 */
package io.dugout.loadtest.floor;
