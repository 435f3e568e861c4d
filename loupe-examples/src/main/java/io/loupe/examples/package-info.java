/**
 * The example program the README profiles: {@link Tokenizer}, a lexer whose loop takes a different
 * path for each kind of token, so that its hottest multi-iteration paths show how token kinds
 * follow one another.
 */
package io.loupe.examples;
