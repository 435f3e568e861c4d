/**
 * The value profile's model: {@link ValueSiteMeta} describes a site (its {@link SiteKind} and
 * {@link ValueType}), {@link ValueSiteProfile} holds what was recorded there, and {@link Formula}
 * records how a {@code local} site's value was computed, for the invariance propagation estimate.
 * Follows Calder, Feller and Eustace, <i>Value Profiling</i>, MICRO 1997; see docs/values.md.
 */
package io.loupe.data.values;
