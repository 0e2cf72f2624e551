package io.dugout.transport.tomcat;

import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Replaces Tomcat's HTML error report with {@link ProblemErrorReportValve}. Runs after Spring
 * Boot's own customizer, which installs a plain {@link ErrorReportValve} on the host.
 */
@Component
class TomcatErrorPages
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextCustomizers(
        context -> {
          var host = context.getParent();
          for (Valve valve : host.getPipeline().getValves()) {
            if (valve instanceof ErrorReportValve) {
              host.getPipeline().removeValve(valve);
            }
          }
          if (host instanceof StandardHost standard) {
            // why: a host adds a valve of this class when it starts unless one is there already
            standard.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
          }
          host.getPipeline().addValve(new ProblemErrorReportValve());
        });
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
