package io.dugout.openapi;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Lets every optional field of a body be {@code null}: Dugout writes an absent value of its records
 * (a ban's {@code until}, a page's {@code nextBefore}) as {@code null}, and reads {@code null} as
 * absent. A field the schema marks required stays as it is, and so does {@code Problem}, whose
 * optional fields are left out instead.
 */
final class NullableFields implements OpenApiCustomizer {

  private static final Set<String> KEPT = Set.of("Problem");

  @Override
  public void customise(OpenAPI api) {
    if (api.getComponents() == null || api.getComponents().getSchemas() == null) {
      return;
    }
    api.getComponents()
        .getSchemas()
        .forEach(
            (name, schema) -> {
              if (!KEPT.contains(name) && schema.getProperties() != null) {
                nullable(schema);
              }
            });
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void nullable(Schema<?> schema) {
    List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
    Map<String, Schema> properties = (Map) schema.getProperties();
    properties.replaceAll(
        (field, property) -> {
          if (required.contains(field)) {
            return property;
          }
          if (property.get$ref() != null) {
            Schema<?> none = new Schema<>();
            none.addType("null");
            return new Schema<>().anyOf(List.<Schema>of(property, none));
          }
          if (property.getTypes() != null && !property.getTypes().isEmpty()) {
            property.addType("null");
          }
          return property;
        });
  }
}
