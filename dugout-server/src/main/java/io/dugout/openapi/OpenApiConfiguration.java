package io.dugout.openapi;

import io.dugout.auth.Caller;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The document's title and the parts every route shares. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

  static {
    // why: a controller's Caller comes from the bearer token, not from the request's parameters
    SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
  }

  @Bean
  OpenAPI dugoutOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Dugout REST API")
                .version("v1")
                .description(
                    "Rooms, messages, notifications, files and moderation of a Dugout server. "
                        + "Real time is STOMP over WebSocket: see docs/asyncapi.yaml."))
        // why: the document is the same whichever host and port served it (docs/openapi.json)
        .servers(List.of(new Server().url("/")));
  }

  @Bean
  OpenApiCustomizer sharedParts() {
    return new SharedParts();
  }

  @Bean
  OpenApiCustomizer nullableFields() {
    return new NullableFields();
  }

  @Bean
  OperationCustomizer successStatuses() {
    return new SuccessStatuses();
  }
}
