package io.dugout.system;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.accept.ContentNegotiationStrategy;
import org.springframework.web.accept.HeaderContentNegotiationStrategy;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Treats an {@code Accept} header that cannot be parsed ({@code Accept: bogus}) as absent, as RFC
 * 9110 allows, instead of refusing it: Spring answers such a request with 406, and an error with no
 * body at all, where the client should get the JSON (or problem document) that is all Dugout has.
 */
@Configuration(proxyBeanMethods = false)
class LenientContentNegotiation implements WebMvcConfigurer {

  private static final HeaderContentNegotiationStrategy ACCEPT_HEADER =
      new HeaderContentNegotiationStrategy();

  @Override
  public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
    configurer.strategies(List.of(LenientContentNegotiation::acceptedTypes));
  }

  private static List<MediaType> acceptedTypes(NativeWebRequest request) {
    try {
      return ACCEPT_HEADER.resolveMediaTypes(request);
    } catch (HttpMediaTypeNotAcceptableException unparseable) {
      return ContentNegotiationStrategy.MEDIA_TYPE_ALL_LIST;
    }
  }
}
