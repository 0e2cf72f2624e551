/**
 * The OpenAPI document of the REST API, served at {@code /api/v1/openapi.json} without a token:
 * generated from the controllers by springdoc-openapi on its first request, with the parts every
 * route shares (the bearer-token scheme, the problem responses of {@link
 * io.dugout.system.DugoutException}) added in one place rather than annotated on each controller.
 */
package io.dugout.openapi;
