package io.loupe.analysis.deps;

import io.loupe.data.deps.AccessSiteMeta;

/**
 * An access site named across runs: ids are handed out in class-load order and differ from run to
 * run, a site's method and ordinal among the method's access sites do not.
 *
 * @param className binary class name with dots
 * @param method    method name
 * @param desc      method descriptor
 * @param index     the site's ordinal among the access sites of its method
 */
public record SiteKey(String className, String method, String desc, int index) {

    public static SiteKey of(AccessSiteMeta site) {
        return new SiteKey(site.className(), site.method(), site.desc(), site.index());
    }
}
