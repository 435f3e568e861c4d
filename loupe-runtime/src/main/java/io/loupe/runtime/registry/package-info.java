/**
 * What the runtime knows of instrumented classes: {@link MethodRegistry} holds every method's
 * static metadata by id, {@link ClassSlots} the counter layouts of class-local fast paths, and
 * {@link InstrumentationClock} how many classes were instrumented and how long that took (the
 * profile's {@code instrument.*} stats). Value and dependence sites have their registries in the
 * {@code values} and {@code deps} packages.
 */
package io.loupe.runtime.registry;
