/**
 * Browser tests of the web client served at {@code /}: a real Dugout server, real headless Chromium
 * driven through Selenium with the system's {@code chromium} and {@code chromedriver} (nothing is
 * downloaded). Skipped, with a message saying how to enable them, when those are not installed.
 */
package io.dugout.web;
