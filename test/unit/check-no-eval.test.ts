// scripts/check-no-eval.mjs: what counts as evaluating a string in the built JavaScript.
import { describe, expect, it } from 'vitest';
import { findEvaluation } from '../../scripts/check-no-eval.mjs';

describe('finding string evaluation in built code', () => {
  it('finds new Function and a call of the global eval', () => {
    const found = findEvaluation('a=eval("1+1");b=new Function("x","return x");c=window.x;');
    expect(found.map((hit) => hit.name)).toEqual(['new Function', 'eval(']);
  });

  it('passes methods named eval, their calls and words that only end in eval', () => {
    expect(
      findEvaluation('class A{eval(e,t){return e}};o.eval(2);a.b.eval (3);retrieval(4);$eval(5)'),
    ).toEqual([]);
  });
});
