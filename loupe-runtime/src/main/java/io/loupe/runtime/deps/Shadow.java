package io.loupe.runtime.deps;

/**
 * The shadow of one object or array: the histories of its locations, created on their first
 * access. It never refers to its object, so the weak identity map that leads to it
 * ({@link ShadowMap}) does not keep the object alive.
 */
public sealed interface Shadow permits ObjectShadow, ArrayShadow {
}
