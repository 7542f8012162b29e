import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { normalizeFieldNames, snakeCaseName } from './field-names';

/** A schema with multi-word names at two levels. */
const Schema = Type.Object({
  workplace_type: Type.Optional(Type.String()),
  query: Type.Optional(Type.String()),
  pagination: Type.Optional(Type.Object({ pagination: Type.Optional(Type.Object({ page_number: Type.Optional(Type.Integer()) })) })),
});

describe('RPC field names', () => {
  it('turns lowerCamelCase into snake_case and leaves other names alone', () => {
    expect(snakeCaseName('workplaceType')).to.equal('workplace_type');
    expect(snakeCaseName('postalCodeV2')).to.equal('postal_code_v2');
    expect(snakeCaseName('workplace_type')).to.equal('workplace_type');
    expect(snakeCaseName('page')).to.equal('page');
    expect(snakeCaseName('PageSize')).to.equal('PageSize');
    expect(snakeCaseName('page-size')).to.equal('page-size');
  });

  it('renames camelCase fields the schema knows, at every level, in place', () => {
    const body: Record<string, unknown> = { workplaceType: 'remote', pagination: { pagination: { pageNumber: 2 } }, query: 'x' };
    expect(normalizeFieldNames(body, Schema)).to.deep.equal([]);
    expect(body).to.deep.equal({ workplace_type: 'remote', pagination: { pagination: { page_number: 2 } }, query: 'x' });
  });

  it('keeps unknown camelCase names as sent, so the schema reports them as the client wrote them', () => {
    const body: Record<string, unknown> = { pageSize: 5, pagination: { pagination: { pageSize: 5 } } };
    expect(normalizeFieldNames(body, Schema)).to.deep.equal([]);
    expect(body).to.deep.equal({ pageSize: 5, pagination: { pagination: { pageSize: 5 } } });
  });

  it('drops nulls at every level, as protobuf JSON reads them', () => {
    const body: Record<string, unknown> = { pagination: { pagination: { page_number: null, other: 5 } }, query: null };
    expect(normalizeFieldNames(body, Schema)).to.deep.equal([]);
    expect(body).to.deep.equal({ pagination: { pagination: { other: 5 } } });
  });

  it('treats a camelCase value beside a snake_case null as the one value given', () => {
    const body: Record<string, unknown> = { workplace_type: null, workplaceType: 'hybrid' };
    expect(normalizeFieldNames(body, Schema)).to.deep.equal([]);
    expect(body).to.deep.equal({ workplace_type: 'hybrid' });
  });

  it('reports a field sent in both styles, naming where it is', () => {
    const body: Record<string, unknown> = {
      workplace_type: 'remote',
      workplaceType: 'onsite',
      pagination: { pagination: { pageNumber: 1, page_number: 2 } },
    };
    expect(normalizeFieldNames(body, Schema)).to.deep.equal([
      { field: 'workplaceType', message: 'is the same field as workplace_type: send only one of them' },
      {
        field: 'pagination.pagination.pageNumber',
        message: 'is the same field as pagination.pagination.page_number: send only one of them',
      },
    ]);
  });

  it('leaves arrays and scalars as they are, for the schema to judge', () => {
    const body: Record<string, unknown> = { pagination: [{ pageNumber: 1 }], query: 5 };
    expect(normalizeFieldNames(body, Schema)).to.deep.equal([]);
    expect(body).to.deep.equal({ pagination: [{ pageNumber: 1 }], query: 5 });
  });
});
