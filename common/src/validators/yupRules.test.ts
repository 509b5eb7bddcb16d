import * as yup from 'yup';
import { ipOrIpRange } from './network';
import { errorKeyOf, withValidators, yupString, yupText } from './yupRules';

async function keyOf(schema: yup.Schema, value: unknown): Promise<string | null> {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    return errorKeyOf(error);
  }
}

describe('yup rules use the same error keys as the validators', () => {
  it('a yup string with a validator reports its key as the message', async () => {
    const schema = yupString(ipOrIpRange);
    expect(await keyOf(schema, '10.0.0.9-10.0.0.1')).toBe('invalidIpRange');
    expect(await keyOf(schema, '10.0.0')).toBe('invalidIP');
    expect(await keyOf(schema, '10.0.0.1-10.0.0.9')).toBeNull();
    expect(await keyOf(schema, undefined)).toBeNull();
  });
  it('the text rule checks 3 to 200 characters, one line, no outer spaces', async () => {
    const schema = yupText();
    expect(await keyOf(schema, 'ab')).toBe('minlength');
    expect(await keyOf(schema, 'a'.repeat(201))).toBe('maxlength');
    expect(await keyOf(schema, 'abc\ndef')).toBe('lineBreaks');
    expect(await keyOf(schema, ' abc')).toBe('noLeadingTrailingSpaces');
    expect(await keyOf(schema, 'abc')).toBeNull();
  });
  it('the text rule counts characters like the validators: an emoji is one', async () => {
    const schema = yupText();
    expect(await keyOf(schema, '😀'.repeat(200))).toBeNull();
    expect(await keyOf(schema, '😀'.repeat(201))).toBe('maxlength');
    expect(await keyOf(schema, '😀😀')).toBe('minlength');
  });
  it('required stays the form’s own rule', async () => {
    const schema = withValidators(yup.string().required('required'), ipOrIpRange);
    expect(await keyOf(schema, '')).toBe('required');
  });
  it('works inside a Formik-style object schema, naming the field', async () => {
    const schema = yup.object({ name: yupText(), range: yupString(ipOrIpRange) });
    await expect(schema.validate({ name: 'Office', range: '1.1.1.1-1.1.1.0' })).rejects.toMatchObject({
      path: 'range',
      message: 'invalidIpRange',
    });
  });
});
