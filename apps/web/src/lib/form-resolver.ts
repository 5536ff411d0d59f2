// Forms validate with the contract's zod schemas; importing the resolver from here also installs the
// readable default messages (packages/contract/src/validation-messages.ts) the API uses, so a field
// error reads the same in the browser and in the server's answer.
import { zodResolver } from '@hookform/resolvers/zod';
import { installValidationMessages } from '@kassa/contract/validation-messages';

installValidationMessages();

export { zodResolver };
