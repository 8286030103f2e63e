import { describe, expect, it } from 'vitest';
import { templateKind, validateTemplate } from './definition';

describe('template', () => {
  it('asks for a template when new', () => expect(Object.keys(validateTemplate(templateKind.defaults()))).toEqual(['template']));
  it('checks variable names and references', () => {
    const errs = validateTemplate({ template: '{{ a }}', variables: [{ variable: 'a', value_selector: ['x', 'y'] }, { variable: 'a b', value_selector: ['bad id!', 'y'] }] });
    expect(Object.keys(errs).sort()).toEqual(['variables.1.value_selector', 'variables.1.variable']);
  });
});
