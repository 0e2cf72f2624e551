package io.dugout.system;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;
import tools.jackson.databind.introspect.AnnotatedConstructor;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Jackson module that creates records through their constructor's reflective accessor instead of
 * {@code MethodHandle.invokeWithArguments}, which Jackson 3 calls for every object it builds from
 * properties and which builds a new spreader, with its method types, on each call (3.4 % of the
 * server's samples in a profile of the chat path, where every SEND body is a record).
 *
 * <p>Everything else stays Jackson's own: which constructor, how each argument is read, coerced and
 * checked, unknown and missing properties. Only the final call changes, and when it fails (a record
 * that refuses its arguments) the call is repeated through Jackson's own instantiator, so the error
 * a client sees is exactly the one Jackson reports. Records' constructors only check and assign, so
 * calling one twice on failure changes nothing.
 */
public final class RecordCreators extends JacksonModule {

  @Override
  public String getModuleName() {
    return "dugout-record-creators";
  }

  @Override
  public Version version() {
    return Version.unknownVersion();
  }

  @Override
  public void setupModule(SetupContext context) {
    context.addValueInstantiators(new Instantiators());
  }

  /**
   * A mapper for the JSON Dugout writes for itself (stored values, records between nodes): unknown
   * properties are ignored, so a field added later does not break older readers; a number or flag
   * that older writers did not write reads as 0 or false, which the record then interprets (see
   * {@code Message#ordinal}); and records are created directly.
   */
  public static JsonMapper lenientMapper() {
    return JsonMapper.builder()
        .addModule(new RecordCreators())
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .build();
  }

  private static final class Instantiators implements ValueInstantiators {

    @Override
    public ValueInstantiator findValueInstantiator(
        DeserializationConfig config, BeanDescription.Supplier description) {
      return null;
    }

    @Override
    public ValueInstantiator modifyValueInstantiator(
        DeserializationConfig config,
        BeanDescription.Supplier description,
        ValueInstantiator defaultInstantiator) {
      return Direct.of(defaultInstantiator);
    }
  }

  /** Jackson's instantiator of a record, with the constructor called directly. */
  static final class Direct extends ValueInstantiator.Delegating {

    private final Constructor<?> constructor;

    private Direct(ValueInstantiator delegate, Constructor<?> constructor) {
      super(delegate);
      this.constructor = constructor;
    }

    /** Wraps {@code instantiator} when it builds a record from its canonical constructor. */
    static ValueInstantiator of(ValueInstantiator instantiator) {
      if (instantiator instanceof Direct
          || !instantiator.getValueClass().isRecord()
          || !instantiator.canCreateFromObjectWith()
          || !(instantiator.getWithArgsCreator() instanceof AnnotatedConstructor creator)) {
        return instantiator;
      }
      Constructor<?> constructor = creator.getAnnotated();
      try {
        constructor.setAccessible(true);
      } catch (RuntimeException e) {
        return instantiator;
      }
      return new Direct(instantiator, constructor);
    }

    @Override
    public ValueInstantiator createContextual(
        DeserializationContext context, BeanDescription.Supplier description) {
      ValueInstantiator contextual = delegate().createContextual(context, description);
      return contextual == delegate() ? this : of(contextual);
    }

    @Override
    public Object createFromObjectWith(
        DeserializationContext context,
        SettableBeanProperty[] properties,
        PropertyValueBuffer buffer) {
      return createFromObjectWith(context, buffer.getParameters(context, properties));
    }

    @Override
    public Object createFromObjectWith(DeserializationContext context, Object[] arguments) {
      try {
        return constructor.newInstance(arguments);
      } catch (InvocationTargetException
          | InstantiationException
          | IllegalAccessException
          | IllegalArgumentException e) {
        // why: Jackson's own call reports the failure as Jackson always has
        return delegate().createFromObjectWith(context, arguments);
      }
    }
  }
}
