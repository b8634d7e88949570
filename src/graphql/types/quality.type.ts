// The quality score of an account (how likely a real person, not spam) and the
// features that explain it: value objects embedded in FarcasterUser and LensProfile.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { QualityFeatureChoice } from '../enums/public-enums';

@ObjectType({ description: 'Embedded value object: one feature of a quality score, its value and how far it moved the score.' })
export class QualityContribution {
  @Field(() => QualityFeatureChoice, { description: 'The feature.' }) feature!: QualityFeatureChoice;
  @Field(() => Float, { description: 'The feature\'s value for this account, on the scale the feature\'s description gives.' }) value!: number;
  @Field(() => Float, {
    description: 'Its signed contribution to the score in log-odds: weight × (value − the feature\'s neutral value). '
      + 'The score is the logistic of the model\'s bias plus every contribution.',
  }) contribution!: number;
}

@ObjectType({ description: 'Embedded value object: how likely the account is a real person rather than spam, as of the last analytics refresh.' })
export class AccountQuality {
  @Field(() => Float, { description: 'The score, in [0, 1]: higher is more likely real. The same number a minQuality argument compares with.' }) score!: number;
  @Field(() => Int, { description: 'The model version (feature list and weights) that computed it; it changes whenever either does.' }) version!: number;
  @Field(() => [QualityContribution], { description: 'Every feature of the model, largest contribution (by size) first: the first few explain the score.' })
  explanation!: QualityContribution[];
}
