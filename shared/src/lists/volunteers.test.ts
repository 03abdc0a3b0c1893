import { aVolunteer, fakeApi, listOf } from '../testing';
import { townshipVolunteerOptions, volunteerChoicesApi, volunteerOptions } from './volunteers';

afterEach(() => jest.restoreAllMocks());

it('offers each volunteer by name and code (two may share a name, never a code)', async () => {
  fakeApi(volunteerChoicesApi).list.mockResolvedValue(
    listOf([
      aVolunteer({ id: 2, name: 'U Ba', code: 'HTY-V0002' }),
      aVolunteer({ id: 4, name: 'U Ba', code: 'ISN-V0004' }),
    ]),
  );
  expect(await volunteerOptions()).toEqual([
    { label: 'U Ba (HTY-V0002)', value: 2 },
    { label: 'U Ba (ISN-V0004)', value: 4 },
  ]);
  expect(volunteerChoicesApi.list).toHaveBeenCalledWith();
});

it("asks for one township's volunteers only", async () => {
  fakeApi(volunteerChoicesApi).list.mockResolvedValue(listOf([aVolunteer()]));
  expect(await townshipVolunteerOptions(7)).toEqual([{ label: 'Daw Aye Aye (HTY-V0003)', value: 3 }]);
  expect(volunteerChoicesApi.list).toHaveBeenCalledWith({ township_id: 7 });
});
